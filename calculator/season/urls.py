from django.urls import path

from calculator.season import shared, views

urlpatterns = [
    path("clubs/", views.club_list, name="clubs"),
    path("clubs/<int:pk>/", views.club_detail, name="club"),
    path("clubs/<int:pk>/keepers/", views.keeper_add, name="club-keeper"),
    path("clubs/<int:pk>/members/", views.members_add, name="club-members"),
    path("clubs/<int:pk>/members/<int:member>/", views.member_page, name="member"),
    path("clubs/<int:pk>/members/<int:member>/rename/", views.member_rename, name="member-rename"),
    path("clubs/<int:pk>/members/<int:member>/merge/", views.member_merge, name="member-merge"),
    path("clubs/<int:pk>/members/<int:member>/link/", views.member_link, name="member-link"),
    path("clubs/<int:pk>/members/<int:member>/history.csv", views.member_csv, name="member-csv"),
    path("clubs/<int:pk>/members/<int:member>/vs/<int:other>/", views.member_vs, name="member-vs"),
    path("clubs/<int:pk>/evenings/new/", views.evening_new, name="evening-new"),
    path("clubs/<int:pk>/evenings/attach/", views.evening_attach, name="evening-attach"),
    path("clubs/<int:pk>/evenings/<int:event>/match/", views.evening_match, name="evening-match"),
    path(
        "clubs/<int:pk>/evenings/<int:event>/detach/", views.evening_detach, name="evening-detach"
    ),
    path("clubs/<int:pk>/seasons/new/", views.season_new, name="season-new"),
    path("clubs/<int:pk>/seasons/<int:season>/", views.season_detail, name="season"),
    path("clubs/<int:pk>/seasons/<int:season>/edit/", views.season_edit, name="season-edit"),
    path("clubs/<int:pk>/seasons/<int:season>/table.csv", views.season_csv, name="season-csv"),
    path("clubs/<int:pk>/seasons/<int:season>/link/", views.season_link, name="season-link"),
    path("clubs/evening/<int:event>/", views.season_of_event, name="season-of-event"),
    path("clubs/player/<int:entrant>/", views.player_of_entrant, name="player-of-entrant"),
    path("season/<str:token>/", shared.season_shared, name="season-shared"),
    path("season/<str:token>/table.csv", shared.season_shared_csv, name="season-shared-csv"),
    path("player/<str:token>/", shared.member_shared, name="member-shared"),
    path("player/<str:token>/history.csv", shared.member_shared_csv, name="member-shared-csv"),
]
