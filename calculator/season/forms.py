"""What a club's referee fills in: the club, its referees and members, a
season, an evening set up from the roster, an old evening's names matched."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.events.forms import EventForm
from calculator.events.models import Event
from calculator.season.models import Club, Member, Season
from calculator.words.typed import NameField, read_name

NAME_MOST = 40


def typed_names(text: str) -> tuple[list[str], list[str]]:
    """One name a line: the names, and what is wrong with any line."""
    names, problems = [], []
    for n, line in enumerate(text.splitlines(), start=1):
        name, problem = read_name(line, NAME_MOST)
        if problem:
            problems.append(_("Line %(n)s: %(problem)s") % {"n": n, "problem": problem})
        elif name and name not in names:
            names.append(name)
    return names, problems


class NamesField(forms.CharField):
    """Names, one a line, each cleaned as any name is."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3}))
        kwargs.setdefault("max_length", 5000)
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[str]:
        text = super().clean(value) or ""
        names, problems = typed_names(text)
        if problems:
            raise forms.ValidationError(problems)
        return names


class ClubForm(forms.ModelForm):
    name = NameField(label=gettext_lazy("Name of the club"), max_length=80)

    class Meta:
        model = Club
        fields = ["name"]


class KeeperForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Another referee's sign-in name"), max_length=150)

    def clean_username(self) -> User:
        found = User.objects.filter(username=self.cleaned_data["username"].strip()).first()
        if found is None:
            raise forms.ValidationError(_("No referee signs in with that name."))
        return found


class MembersForm(forms.Form):
    names = NamesField(label=gettext_lazy("New members, one a line"))


class RenameForm(forms.Form):
    name = NameField(label=gettext_lazy("New name"), max_length=NAME_MOST)


class MergeForm(forms.Form):
    into = forms.ModelChoiceField(
        queryset=Member.objects.none(), label=gettext_lazy("Merge this member into")
    )

    def __init__(self, *args: Any, member: Member, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        into = self.fields["into"]
        assert isinstance(into, forms.ModelChoiceField)
        into.queryset = Member.objects.filter(club_id=member.club_id)
        into.empty_label = "—"
        into.error_messages = {
            **into.error_messages,
            "invalid_choice": _("Not merged: choose a member of this club."),
        }
        self.member = member

    def clean_into(self) -> Member:
        into = self.cleaned_data["into"]
        if into.pk == self.member.pk:
            raise forms.ValidationError(_("Not merged: a member cannot be merged into themselves."))
        return into


class SeasonForm(forms.ModelForm):
    name = NameField(label=gettext_lazy("Name of the season"), max_length=80)
    attendance = forms.ChoiceField(
        label=gettext_lazy("Unequal attendance"),
        choices=[
            ("min", gettext_lazy("A minimum number of evenings to be ranked")),
            ("best", gettext_lazy("The average over each member's best N evenings")),
        ],
    )
    count = forms.IntegerField(
        label=gettext_lazy("The minimum, or N"), min_value=0, max_value=365, initial=0
    )

    class Meta:
        model = Season
        fields = ["name", "start", "end", "chosen", "attendance", "count"]
        labels = {
            "start": gettext_lazy("From"),
            "end": gettext_lazy("Until"),
            "chosen": gettext_lazy("Or only these evenings"),
        }
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}),
            "end": forms.DateInput(attrs={"type": "date"}),
            "chosen": forms.CheckboxSelectMultiple,
        }

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        chosen = self.fields["chosen"]
        assert isinstance(chosen, forms.ModelMultipleChoiceField)
        chosen.queryset = Event.objects.filter(club_evening__club=club).order_by("date", "pk")
        chosen.required = False
        chosen.label_from_instance = lambda obj: f"{obj.date:%Y-%m-%d} · {obj.name}"  # type: ignore[method-assign]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start"), data.get("end")
        if start and end and end < start:
            self.add_error("end", _("The season ends before it starts."))
        if data.get("attendance") == "best" and not data.get("count"):
            self.add_error("count", _("Give N, the number of best evenings counted."))
        self.instance.by_list = bool(data.get("chosen"))
        return data


class EveningForm(EventForm):
    """An evening of the club: the event, and its roster from the members."""

    members = forms.ModelMultipleChoiceField(
        queryset=Member.objects.none(),
        label=gettext_lazy("Members playing tonight"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    newcomers = NamesField(
        label=gettext_lazy("New members, one a line"),
        required=False,
        help_text=gettext_lazy("A name like a member's is offered to you before it is added."),
    )
    guests = NamesField(label=gettext_lazy("Guests (not members), one a line"), required=False)

    def __init__(self, *args: Any, club: Club, owner: User, **kwargs: Any) -> None:
        super().__init__(*args, owner=owner, **kwargs)
        members = self.fields["members"]
        assert isinstance(members, forms.ModelMultipleChoiceField)
        members.queryset = Member.objects.filter(club=club)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not (data.get("members") or data.get("newcomers") or data.get("guests")):
            self.add_error("members", _("Choose the players: members, new members or guests."))
        return data


class AttachForm(forms.Form):
    event = forms.ModelChoiceField(queryset=Event.objects.none(), label=gettext_lazy("Evening"))

    def __init__(self, *args: Any, owner: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["event"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Event.objects.filter(owner=owner, club_evening__isnull=True)
        field.empty_label = "—"
        field.label_from_instance = lambda obj: f"{obj.date:%Y-%m-%d} · {obj.name}"  # type: ignore[method-assign]
        field.error_messages = {
            **field.error_messages,
            "invalid_choice": _("Not attached: choose one of your evenings not kept by a club."),
        }
