"""What a referee fills in: a new session, a rule profile.

House rules are never typed as JSON: each is the same control the calculator
page shows (``page.public.house_rule_controls``), posted as ``o.<name>``
fields and checked by the engine's own option table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.club.models import RuleProfile
from calculator.page.public import house_rules_read, house_rules_text, house_rules_typed
from calculator.words.typed import without_controls
from calculator.words.wording import SEAT_NAMES, region_name, word
from rules import options as options_mod
from rules.hand import SEATS, seat_order
from rules.regions import REGIONS


def _region_choices() -> list[tuple[str, str]]:
    return [(k, region_name(k)) for k in REGIONS]


class HouseRulesMixin(forms.Form):
    """A form whose house rules come as the calculator's controls; ``rules`` is
    the engine's object once the form is valid, ``rule_errors`` what is wrong."""

    region = forms.ChoiceField(label=gettext_lazy("Rules"), choices=_region_choices)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rule_errors: list[str] = []

    @property
    def region_key(self) -> str:
        chosen = self.data.get("region") if self.is_bound else self.initial.get("region")
        return chosen if chosen in REGIONS else next(iter(REGIONS))

    def house_rules(self) -> dict[str, str]:
        """The house rules as form text (only those changed from the default)."""
        if self.is_bound:
            return house_rules_read(self.region_key, self.data)
        return dict(self.initial.get("house_rules") or {})

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        region = data.get("region")
        if region in REGIONS:
            rules = house_rules_typed(region, self.house_rules())
            _built, problems = options_mod.build(REGIONS[region].options, rules)
            self.rule_errors = [word(p.text, region) for p in problems]
            for message in self.rule_errors:
                self.add_error(None, message)
            data["rules"] = rules
        return data


class SessionForm(HouseRulesMixin):
    title = forms.CharField(label=gettext_lazy("Name of the session"), max_length=120)
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"), choices=[(4, "4"), (3, "3"), (2, "2")], coerce=int, initial=4
    )
    name_E = forms.CharField(label=SEAT_NAMES["E"], max_length=40, required=False)
    name_S = forms.CharField(label=SEAT_NAMES["S"], max_length=40, required=False)
    name_W = forms.CharField(label=SEAT_NAMES["W"], max_length=40, required=False)
    name_N = forms.CharField(label=SEAT_NAMES["N"], max_length=40, required=False)
    dealer = forms.ChoiceField(
        label=gettext_lazy("First dealer"),
        choices=[(s, SEAT_NAMES[s]) for s in SEATS],
        initial="E",
        widget=forms.RadioSelect,
    )
    profile = forms.ModelChoiceField(
        label=gettext_lazy("Start from a rule profile"),
        queryset=RuleProfile.objects.none(),
        required=False,
    )

    def __init__(self, *args: Any, owner: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        profile_field = self.fields["profile"]
        assert isinstance(profile_field, forms.ModelChoiceField)
        profile_field.queryset = RuleProfile.objects.filter(owner=owner)
        profile_field.empty_label = _("None: the region's rules below")

    def seats(self) -> list[dict[str, Any]]:
        """One row a seat: its name field and whether it deals first."""
        players = self.data.get("players") if self.is_bound else self.initial.get("players", 4)
        count = int(str(players)) if str(players) in ("2", "3", "4") else 4
        dealer = self.data.get("dealer") if self.is_bound else self.initial.get("dealer", "E")
        return [
            {"seat": s, "label": SEAT_NAMES[s], "field": self[f"name_{s}"], "dealer": s == dealer}
            for s in seat_order(count)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in ("title", "name_E", "name_S", "name_W", "name_N"):
            if isinstance(data.get(name), str):
                data[name] = without_controls(data[name])
        region_key = data.get("region")
        players = data.get("players") or 4
        if region_key in REGIONS and players not in REGIONS[region_key].players:
            allowed = " / ".join(map(str, REGIONS[region_key].players))
            self.add_error(
                "players",
                _("%(region)s is played by %(n)s players")
                % {"region": region_name(region_key), "n": allowed},
            )
        for seat in seat_order(players):
            if not data.get(f"name_{seat}"):
                self.add_error(f"name_{seat}", _("Every seat at the table needs a name"))
        if data.get("dealer") not in seat_order(players):
            self.add_error("dealer", _("The dealer must sit at the table"))
        return data


class ProfileForm(HouseRulesMixin):
    name = forms.CharField(label=gettext_lazy("Name of the profile"), max_length=60)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if isinstance(data.get("name"), str):
            data["name"] = without_controls(data["name"])
        return data


def profile_initial(profile: RuleProfile, **more: Any) -> dict[str, Any]:
    """A form's starting values from a profile."""
    return {
        "region": profile.region,
        "house_rules": text_of(profile.rules),
        "profile": profile.pk,
        "name": profile.name,
        **more,
    }


def text_of(rules: Mapping[str, Any]) -> dict[str, str]:
    return house_rules_text(rules)
