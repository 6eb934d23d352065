from django.urls import path

from calculator.events import exports, picture, public, views

urlpatterns = [
    path("events/", views.event_list, name="events"),
    path("events/new/", views.event_new, name="event-new"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("events/<int:pk>/roster/", views.roster_add, name="event-roster"),
    path(
        "events/<int:pk>/entrants/<int:entrant>/active/",
        views.entrant_active,
        name="entrant-active",
    ),
    path("events/<int:pk>/rounds/draw/", views.round_draw, name="round-draw"),
    path("events/<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="round-swap"),
    path("events/<int:pk>/rounds/<int:number>/state/", views.round_state, name="round-state"),
    path("events/<int:pk>/rounds/<int:number>/cards/", views.seat_cards, name="round-cards"),
    path("events/<int:pk>/tables/<int:table>/link/", views.table_link, name="table-link-change"),
    path("events/<int:pk>/end/", views.evening_end, name="event-end"),
    path("events/<int:pk>/penalties/", views.penalty_add, name="event-penalty"),
    path("events/<int:pk>/standings.csv", exports.standings_csv, name="event-standings-csv"),
    path(
        "events/<int:pk>/standings-codes.csv", exports.standings_codes, name="event-standings-codes"
    ),
    path("events/<int:pk>/hands.csv", exports.hands_csv, name="event-hands-csv"),
    path("events/<int:pk>/results/", exports.results_sheet, name="event-results"),
    path("events/<int:pk>/results-picture/", picture.results_picture, name="event-results-picture"),
    path("e/<str:token>/", public.follow, name="event-follow"),
    path("e/<str:token>/live/", public.live, name="event-live"),
    path("e/<str:token>/results-picture/", picture.follow_picture, name="event-follow-picture"),
    path("t/<str:token>/", public.table_page, name="table-link"),
    path("t/<str:token>/save/", public.table_save, name="table-save"),
    path("t/<str:token>/results-picture/", picture.table_picture, name="table-picture"),
    path("t/<str:token>/hands/", public.table_hands, name="table-hands"),
    path("t/<str:token>/status/", public.table_status, name="table-status"),
    path("t/<str:token>/hands/<int:number>/dispute/", public.table_dispute, name="table-dispute"),
]
