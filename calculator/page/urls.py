from django.urls import path

from calculator.page import views

urlpatterns = [
    path("", views.index, name="index"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("favicon.ico", views.favicon),
]
