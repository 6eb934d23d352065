"""What a referee fills in: a new session, a rule profile.

House rules are never typed as JSON: each is the same control the calculator
page shows (``page.public.house_rule_controls``), posted as ``o.<name>``
fields and checked by the engine's own option table.

The controls shown are those of the region (or profile) picked when the form
was drawn; picking another redraws it (at once with script, by a button
without). A form sent before that redraw (no script, or 开始 pressed before
the answer came) is read as the redraw would have drawn it: the house rules
set on screen carry over where the new region has them, as on the calculator
page. If one would be lost, nothing is saved and the region (or profile) field
says the rules below were just changed. Whatever cannot be accepted is said
at its field, and listed at the top (``problems``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.club.models import RuleProfile
from calculator.page.public import (
    house_rule_controls,
    house_rules_read,
    house_rules_text,
    house_rules_typed,
)
from calculator.words.typed import NameField
from calculator.words.wording import SEAT_NAMES, region_name, word
from rules import options as options_mod
from rules.hand import SEATS, seat_order
from rules.regions import REGIONS


def _region_choices() -> list[tuple[str, str]]:
    return [(k, region_name(k)) for k in REGIONS]


RULES_CHANGED = gettext_lazy(
    "The house rules below were just changed to those of %(region)s. "
    "Check them, then press “%(button)s” again."
)
PROFILE_RULES_CHANGED = gettext_lazy(
    "The house rules below were just changed to those of the profile “%(profile)s”. "
    "Check them, then press “%(button)s” again."
)


class HouseRulesMixin(forms.Form):
    """A form whose house rules come as the calculator's controls; ``rules`` is
    the engine's object once the form is valid, ``rule_errors`` what is wrong
    (``rule_problems`` by option, shown at its control).

    ``rules_changed`` names the field (``region`` or ``profile``) picked anew
    when house rules set on screen were lost by it: the form then says at
    that field (at the region's where no profile is picked now) that the rules
    below were just changed, and is not valid."""

    region = forms.ChoiceField(label=gettext_lazy("Rules"), choices=_region_choices)
    # The button that sends it, and what its summary says when nothing was done.
    submit_label = gettext_lazy("Start")
    not_done = gettext_lazy("The session was not started: check what is marked below.")

    def __init__(self, *args: Any, rules_changed: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rule_errors: list[str] = []
        self.rule_problems: dict[str, str] = {}
        self.rules_changed = rules_changed

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
            for p in problems:
                message = word(p.text, region)
                self.rule_errors.append(message)
                self.rule_problems.setdefault(p.field.removeprefix("rules."), message)
                self.add_error(None, message)
            data["rules"] = rules
            if self.rules_changed:
                button = self.submit_label
                profile = self.rules_profile(data)
                if profile:
                    message = PROFILE_RULES_CHANGED % {"profile": profile, "button": button}
                    self.add_error("profile", message)
                else:
                    message = RULES_CHANGED % {"region": region_name(region), "button": button}
                    self.add_error("region", message)
        return data

    def rules_profile(self, data: Mapping[str, Any]) -> str:
        """The name of the profile whose house rules replaced those on screen,
        or ``""`` where they are the region's."""
        return ""

    def house_rule_fields(self) -> list[dict[str, Any]]:
        """The region's house-rule controls at the form's values, each with
        what is wrong with it (``error``)."""
        controls = house_rule_controls(self.region_key, self.house_rules())
        for control in controls:
            control["error"] = self.rule_problems.get(control["name"], "")
        return controls

    def problems(self) -> list[str]:
        """Every message the form shows at a field, in the page's order, each
        with the field's name: the summary at its top."""
        if not self.is_bound or not self.errors:
            return []
        out = []
        for bound in self:
            label = str(bound.label)
            out += [
                _("%(field)s: %(problem)s") % {"field": label, "problem": e} for e in bound.errors
            ]
        out += [str(e) for e in self.non_field_errors()]
        return out


class SessionForm(HouseRulesMixin):
    field_order = ("title", "profile", "region", "players", "name_E", "name_S", "name_W", "name_N")
    title = NameField(label=gettext_lazy("Name of the session"), max_length=120)
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"), choices=[(4, "4"), (3, "3"), (2, "2")], coerce=int, initial=4
    )
    name_E = NameField(label=SEAT_NAMES["E"], max_length=40, required=False)
    name_S = NameField(label=SEAT_NAMES["S"], max_length=40, required=False)
    name_W = NameField(label=SEAT_NAMES["W"], max_length=40, required=False)
    name_N = NameField(label=SEAT_NAMES["N"], max_length=40, required=False)
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

    def rules_profile(self, data: Mapping[str, Any]) -> str:
        profile = data.get("profile")
        if self.rules_changed == "profile" and isinstance(profile, RuleProfile):
            return profile.name
        return ""

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
            if not data.get(f"name_{seat}") and f"name_{seat}" not in self.errors:
                self.add_error(f"name_{seat}", _("Every seat at the table needs a name"))
        if data.get("dealer") not in seat_order(players):
            self.add_error("dealer", _("The dealer must sit at the table"))
        return data


class ProfileForm(HouseRulesMixin):
    name = NameField(label=gettext_lazy("Name of the profile"), max_length=60)
    field_order = ("name", "region")
    submit_label = gettext_lazy("Save the profile")
    not_done = gettext_lazy("The profile was not saved: check what is marked below.")


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


def changed_since_shown(post: Mapping[str, Any]) -> str:
    """The field (``profile`` or ``region``) picked anew since the house rules
    on screen were drawn, or ``""``."""
    if post.get("profile", "") != post.get("shown_profile", ""):
        return "profile"
    if post.get("region") != post.get("shown_region"):
        return "region"
    return ""


def as_redrawn(post: QueryDict, region: str, rules: Mapping[str, str]) -> QueryDict:
    """The posted form as a redraw would have drawn it: ``region`` and its
    house rules ``rules`` (form text) in place of the controls that were on
    screen; everything else as typed."""
    data = post.copy()
    for key in [k for k in data if k.startswith("o.")]:
        del data[key]
    data["region"] = region
    for name, text in rules.items():
        data[f"o.{name}"] = text
    return data


def choices_lost(post: Mapping[str, Any], region: str, rules: Mapping[str, str]) -> bool:
    """Whether a choice on screen is not kept by ``region`` with ``rules``:
    a house rule set on the controls drawn (``shown_region``'s) that the new
    rules change or drop, or a region picked that a profile picked with it
    overrides."""
    shown = str(post.get("shown_region") or "")
    if region not in REGIONS or shown not in REGIONS:
        return False  # an unknown region is said at its own field
    picked = post.get("region")
    if picked != shown and picked != region:
        return True
    on_screen = house_rules_typed(shown, house_rules_read(shown, post))
    kept = house_rules_typed(region, rules)
    return any(name not in kept or kept[name] != value for name, value in on_screen.items())
