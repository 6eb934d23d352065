from django.urls import path

from calculator.learn import views

urlpatterns = [
    path("learn/", views.drill, name="learn"),
    path("learn/answer/", views.answer, name="learn-answer"),
]
