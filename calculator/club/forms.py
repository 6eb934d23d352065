"""What a referee fills in: a new session."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.club.names import without_controls
from rules import options as options_mod
from rules.hand import SEATS, seat_order
from rules.regions import REGIONS


class RulesField(forms.JSONField):
    """House rules as a JSON object; anything else, however deep, is a clear error."""

    def to_python(self, value: Any) -> Any:
        try:
            found = super().to_python(value)
        except RecursionError:
            raise forms.ValidationError(_("House rules nest too deeply."), code="invalid") from None
        if found is not None and not isinstance(found, dict):  # a list, a number, a string
            raise forms.ValidationError(
                _('House rules are an object of names and values, like {"tier": "yao_ban_liu"}.'),
                code="invalid",
            )
        return found

    def bound_data(self, data: Any, initial: Any) -> Any:
        # Drawn again after an error: what was typed, as typed, however deep.
        try:
            return super().bound_data(data, initial)
        except RecursionError:
            return InvalidJSONInput(data)


class SessionForm(forms.Form):
    title = forms.CharField(label=gettext_lazy("Name of the session"), max_length=120)
    region = forms.ChoiceField(
        label=gettext_lazy("Rules"), choices=[(k, r.name) for k, r in REGIONS.items()]
    )
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"), choices=[(4, "4"), (3, "3"), (2, "2")], coerce=int, initial=4
    )
    name_E = forms.CharField(label="东 E", max_length=40)
    name_S = forms.CharField(label="南 S", max_length=40)
    name_W = forms.CharField(label="西 W", max_length=40, required=False)
    name_N = forms.CharField(label="北 N", max_length=40, required=False)
    dealer = forms.ChoiceField(label=gettext_lazy("First dealer"), choices=[(s, s) for s in SEATS])
    rules = RulesField(
        label=gettext_lazy('House rules (JSON, e.g. {"tier": "yao_ban_liu"})'),
        required=False,
        initial=dict,
    )
    base = forms.IntegerField(
        label=gettext_lazy("Base score (三门, 长春)"), required=False, min_value=1
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in ("title", "name_E", "name_S", "name_W", "name_N"):
            if isinstance(data.get(name), str):
                data[name] = without_controls(data[name])
        region_key = data.get("region")
        players = data.get("players") or 4
        if region_key in REGIONS:
            region = REGIONS[region_key]
            if players not in region.players:
                self.add_error(
                    "players",
                    _("%(region)s is played by %(n)s players")
                    % {"region": region.name, "n": " / ".join(map(str, region.players))},
                )
            rules = dict(data.get("rules") or {})
            if data.get("base") and "base" in {
                i.name for i in options_mod.describe(region.options)
            }:
                rules["base"] = data["base"]
            _built, problems = options_mod.build(region.options, rules)
            for p in problems:
                self.add_error("rules", p.message)
            data["rules"] = rules
        for seat in seat_order(players):
            if not data.get(f"name_{seat}"):
                self.add_error(f"name_{seat}", _("Every seat at the table needs a name"))
        if data.get("dealer") not in seat_order(players):
            self.add_error("dealer", _("The dealer must sit at the table"))
        return data
