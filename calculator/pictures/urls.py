from django.urls import path

from calculator.pictures import views

urlpatterns = [
    path("picture/hand.png", views.hand, name="picture-hand"),
]
