"""The club's staff see sessions and hands in Django's admin."""

from django.contrib import admin

from calculator.club.models import ClubSession, HandChange, HandRecord, RuleProfile


class HandInline(admin.TabularInline):
    model = HandRecord
    extra = 0


@admin.register(ClubSession)
class ClubSessionAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "region", "updated", "version")
    list_filter = ("region",)
    search_fields = ("title", "owner__username")
    inlines = [HandInline]


@admin.register(HandRecord)
class HandRecordAdmin(admin.ModelAdmin):
    list_display = ("session", "position", "created")


@admin.register(HandChange)
class HandChangeAdmin(admin.ModelAdmin):
    list_display = ("session", "action", "position", "user", "at")
    list_filter = ("action",)


@admin.register(RuleProfile)
class RuleProfileAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "region", "updated")
    list_filter = ("region",)
    search_fields = ("name", "owner__username")
