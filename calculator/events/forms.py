"""What a referee fills in for an event: the event itself, its roster, a swap
of two players before a round starts, a penalty."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from calculator.club.public import RuleProfile
from calculator.events.draw import METHODS
from calculator.events.models import Entrant, Event
from calculator.words.typed import NameField, read_name, without_controls
from calculator.words.wording import region_name
from rules.regions import REGIONS

DRAW_LABELS = {
    "fresh": gettext_lazy("New opponents as far as the roster allows"),
    "random": gettext_lazy("At random"),
    "snake": gettext_lazy("Balanced by standing (snake)"),
    "high_high": gettext_lazy("Strongest together (高高碰)"),
}


class EventForm(forms.ModelForm):
    name = NameField(label=gettext_lazy("Name of the event"), max_length=120)
    rank_points = forms.CharField(
        label=gettext_lazy("Rank points at a table, first to last"),
        initial="4, 2, 1, 0",
        required=False,
        help_text=gettext_lazy("Used when standings count rank points."),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "region",
            "profile",
            "table_size",
            "rounds",
            "round_end",
            "round_length",
            "scoring",
        ]
        labels = {
            "name": gettext_lazy("Name of the event"),
            "date": gettext_lazy("Date"),
            "region": gettext_lazy("Rules"),
            "profile": gettext_lazy("Rule profile"),
            "table_size": gettext_lazy("Players at a table"),
            "rounds": gettext_lazy("Rounds"),
            "round_end": gettext_lazy("A round ends after"),
            "round_length": gettext_lazy("How many"),
            "scoring": gettext_lazy("Standings count"),
        }
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, owner: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["region"] = forms.ChoiceField(
            label=gettext_lazy("Rules"), choices=[(k, region_name(k)) for k in REGIONS]
        )
        self.fields["round_end"] = forms.ChoiceField(
            label=gettext_lazy("A round ends after"),
            choices=[
                ("hands", pgettext_lazy("a round ends after", "hands")),
                ("circles", pgettext_lazy("a round ends after", "times round the table (圈)")),
            ],
        )
        self.fields["scoring"] = forms.ChoiceField(
            label=gettext_lazy("Standings count"),
            choices=[
                ("money", gettext_lazy("The money won")),
                ("rank", gettext_lazy("Rank points at each table, money breaking ties (标准分)")),
            ],
        )
        profile = self.fields["profile"]
        assert isinstance(profile, forms.ModelChoiceField)
        profile.queryset = RuleProfile.objects.filter(owner=owner)
        profile.required = False
        profile.empty_label = _("None: the region's own rules")

    def clean_rank_points(self) -> list[int]:
        text = (self.cleaned_data.get("rank_points") or "").replace("，", ",").replace("/", ",")
        try:
            points = [int(p) for p in text.split(",") if p.strip()]
        except ValueError:
            raise forms.ValidationError(
                _("Whole numbers, separated by commas: 4, 2, 1, 0")
            ) from None
        if any(abs(p) > 1000 for p in points):
            raise forms.ValidationError(_("Rank points are small whole numbers."))
        return points

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        region = data.get("region")
        size = data.get("table_size")
        if region in REGIONS and size is not None and size not in REGIONS[region].players:
            allowed = " / ".join(map(str, REGIONS[region].players))
            self.add_error(
                "table_size",
                _("%(region)s is played by %(n)s players")
                % {"region": region_name(region), "n": allowed},
            )
        profile = data.get("profile")
        if profile is not None and region and profile.region != region:
            self.add_error("profile", _("This profile is for another region."))
        if data.get("rounds") is not None and not 1 <= data["rounds"] <= 30:
            self.add_error("rounds", _("Between 1 and 30 rounds."))
        if data.get("round_length") is not None and not 1 <= data["round_length"] <= 64:
            self.add_error("round_length", _("Between 1 and 64."))
        if data.get("scoring") == "rank" and not data.get("rank_points"):
            self.add_error("rank_points", _("Give the points for each place at a table."))
        return data


NAME_MOST = Entrant._meta.get_field("name").max_length or 40
NUMBER_MOST = Entrant._meta.get_field("member_no").max_length or 20


class RosterForm(forms.Form):
    names = forms.CharField(
        label=gettext_lazy("Players, one a line (a member number after a comma)"),
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=20_000,
    )

    def clean_names(self) -> list[tuple[str, str]]:
        """Each line's name and member number; a line that will not do is
        named, and none of the lines is added."""
        out, problems = [], []
        for n, line in enumerate(self.cleaned_data["names"].splitlines(), start=1):
            typed, _sep, number = line.replace("，", ",").partition(",")
            name, problem = read_name(typed, NAME_MOST)
            number = without_controls(number)
            problem = problem or (
                _("A member number has at most %(most)s characters.") % {"most": NUMBER_MOST}
                if len(number) > NUMBER_MOST
                else ""
            )
            if problem:
                problems.append(_("Line %(n)s: %(problem)s") % {"n": n, "problem": problem})
            elif name:
                out.append((name, number))
        if problems:
            raise forms.ValidationError(problems)
        if not out:
            raise forms.ValidationError(_("Type at least one name."))
        return out

    def players(self) -> list[tuple[str, str]]:
        return list(self.cleaned_data["names"])


class SwapForm(forms.Form):
    a = forms.ModelChoiceField(queryset=Entrant.objects.none(), label=gettext_lazy("Player"))
    b = forms.ModelChoiceField(queryset=Entrant.objects.none(), label=gettext_lazy("with"))

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("a", "b"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = event.entrants.filter(active=True)
            field.empty_label = "—"
            field.error_messages = {
                **field.error_messages,
                "invalid_choice": _("Not swapped: that player is not playing in this event."),
            }


class PenaltyForm(forms.Form):
    entrant = forms.ModelChoiceField(queryset=Entrant.objects.none(), label=gettext_lazy("Player"))
    amount = forms.IntegerField(
        label=gettext_lazy("Amount (negative takes away)"),
        min_value=-1_000_000,
        max_value=1_000_000,
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["entrant"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = event.entrants.all()
        field.empty_label = "—"


class DrawForm(forms.Form):
    method = forms.ChoiceField(
        label=gettext_lazy("How to draw the seats"), choices=[(m, DRAW_LABELS[m]) for m in METHODS]
    )
