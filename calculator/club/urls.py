from django.contrib.auth.views import LogoutView
from django.urls import path

from calculator.club import accounts, exports, picture, profiles, views

urlpatterns = [
    path("accounts/login/", accounts.SignInView.as_view(), name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/password/", accounts.PasswordChange.as_view(), name="password-change"),
    path(
        "accounts/password/done/",
        accounts.PasswordChangeDone.as_view(),
        name="password-change-done",
    ),
    path("sessions/", views.session_list, name="sessions"),
    path("sessions/new/", views.session_new, name="session-new"),
    path("sessions/<int:pk>/", views.session_detail, name="session"),
    path("sessions/<int:pk>/hand/", views.session_hand, name="session-hand"),
    path("sessions/<int:pk>/hands/", views.hand_save, name="hand-save"),
    path("sessions/<int:pk>/hands/<int:position>/edit/", views.hand_edit, name="hand-edit"),
    path("sessions/<int:pk>/hands/<int:position>/delete/", views.hand_delete, name="hand-delete"),
    path("sessions/<int:pk>/hands/<int:position>/settle/", views.hand_settle, name="hand-settle"),
    path(
        "sessions/<int:pk>/changes/<int:change>/restore/",
        views.change_restore,
        name="change-restore",
    ),
    path("sessions/<int:pk>/finish/", views.finish, name="session-finish"),
    path("sessions/<int:pk>/share/", views.share, name="session-share"),
    path("sessions/<int:pk>/export.csv", exports.export_csv, name="session-csv"),
    path("sessions/<int:pk>/export-codes.csv", exports.export_codes, name="session-csv-codes"),
    path("sessions/<int:pk>/print/", exports.print_sheet, name="session-print"),
    path("sessions/<int:pk>/results-picture/", picture.session_picture, name="session-picture"),
    path("s/<str:token>/", views.shared, name="session-shared"),
    path("s/<str:token>/results-picture/", picture.shared_picture, name="session-shared-picture"),
    path("profiles/", profiles.profile_list, name="profiles"),
    path("profiles/new/", profiles.profile_new, name="profile-new"),
    path("profiles/<int:pk>/", profiles.profile_edit, name="profile-edit"),
    path("profiles/<int:pk>/delete/", profiles.profile_delete, name="profile-delete"),
    path("profiles/<int:pk>/share/", profiles.profile_share, name="profile-share"),
    path("p/<str:token>/", profiles.profile_shared, name="profile-shared"),
    path("p/<str:token>/copy/", profiles.profile_copy, name="profile-copy"),
]
