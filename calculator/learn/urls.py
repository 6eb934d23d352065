from django.urls import path

from calculator.learn import classes, views

urlpatterns = [
    path("learn/", views.drill, name="learn"),
    path("learn/answer/", views.answer, name="learn-answer"),
    path("learn/sets/", classes.set_list, name="drill-sets"),
    path("learn/sets/add/", classes.set_add, name="drill-set-add"),
    path("learn/sets/<int:pk>/", classes.set_detail, name="drill-set"),
    path("learn/sets/<int:pk>/deal/", classes.set_deal, name="drill-set-deal"),
    path("learn/sets/<int:pk>/keep/", classes.set_keep, name="drill-set-keep"),
    path("learn/sets/<int:pk>/share/", classes.set_share, name="drill-set-share"),
    path(
        "learn/sets/<int:pk>/hands/<int:hand>/remove/", classes.set_remove, name="drill-set-remove"
    ),
    path("learn/sets/<int:pk>/learners/", classes.set_learner, name="drill-set-learner"),
    path("learn/s/<str:token>/", classes.shared, name="drill-shared"),
]
