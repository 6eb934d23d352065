"""The whole page's context: everything the calculator's template shows."""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext

from calculator.page.present.controls import (
    entries,
    event_controls,
    house_rules_html,
    kong_entries,
    palette,
    region_choices,
    robbed_kong_refusal,
    seat_choices,
    stake_control,
    table_controls,
)
from calculator.page.present.melds import egg_view, meld_face, melds_view
from calculator.page.present.notes import AsideNote, aside_view, bao_note
from calculator.page.present.result import fix_first, result_view, sheet_whole
from calculator.page.present.taps import mode_hint, too_many_text
from calculator.page.present.tiles import tile_view
from calculator.page.present.waits import waits_view
from calculator.page.readings import applied_view
from calculator.page.state import PageState
from calculator.words.wording import (
    FLAGS,
    MELDS,
    WIN_BY,
    is_english,
    label_of,
    region_name,
    seat_name,
)
from rules.region import Region
from rules.tiles import WINDS, tile_code


def page_context(state: PageState, notices: list[str]) -> dict[str, Any]:
    region: Region = state.reg
    win = state.win.single
    flags = [
        {
            "key": f,
            "label": label_of(FLAGS, f),
            "zh": FLAGS[f].zh if f in FLAGS else f,
            "hint": FLAGS[f].hint if f in FLAGS else "",
            "checked": f in state.flags,
        }
        for f in (*region.common_flags, *region.flags)
    ]
    win_types = [
        {
            "key": w,
            "label": WIN_BY[w].label,
            "zh": WIN_BY[w].zh,
            "checked": state.win_by == w,
            "hint": robbed_kong_refusal(state) if w == "robbing_kong" else "",
        }
        for w in region.win_types
    ]
    result = result_view(state)
    stake = stake_control(state)
    return {
        "sheet_whole": sheet_whole(result),
        "fix_first": fix_first(result),
        "state": state,
        "english": is_english(),
        "region": region,
        "region_label": region_name(region.key),
        "regions": region_choices(),
        "palette": palette(state),
        "hand": [tile_view(tile_code(t), index=i) for i, t in enumerate(state.hand.tiles)],
        "need": state.need_in_hand,
        "too_many": too_many_text(state.count.over) if state.count.over else "",
        "win": tile_view(tile_code(win)) if win is not None else None,
        "melds": melds_view(state),
        "other": [
            {
                "index": i,
                "seat": seat_name(seat),
                "label": label_of(MELDS, m.type),
                "tiles": meld_face(m.type, m.tiles.tiles)["tiles"],
                "named": meld_face(m.type, m.tiles.tiles)["named"],
            }
            for i, (seat, m) in enumerate(state.other)
        ],
        "kong_entries": kong_entries(state),
        "egg": egg_view(state),
        "hui_word": pgettext("a 幺鸡 standing in for another tile", "会"),
        "flowers": [tile_view(tile_code(t), index=i) for i, t in enumerate(state.flowers.tiles)],
        "entries": entries(state),
        "mode_hint": mode_hint(state),
        "who": seat_choices(state),
        "win_types": win_types,
        "flags": flags,
        "house_rules": house_rules_html(state),
        "stake": stake,
        "stake_rules": house_rules_html(state, stake=True) if stake else "",
        "aside": aside_view(state),
        "kept_fields": state.kept_fields(),
        "table": table_controls(state),
        "events": event_controls(state),
        "result": result,
        "waits": waits_view(state),
        "bao_note": bao_note(state),
        "applied": applied_view(state),
        "query": state.query(),
        "notices": [n for n in notices if not isinstance(n, AsideNote)],
        "aside_notes": [n for n in notices if isinstance(n, AsideNote)],
        "melds_text": " ".join(m.token for m in state.melds),
        "other_text": " ".join(seat + m.token for seat, m in state.other),
        "honor_winds": [tile_code(t) for t in WINDS],
    }
