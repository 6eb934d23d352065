"""Every house rule the engine accepts is named where players read the rules.

A region's options are named in its rules file, ``shared/rules/<region>.md``
(``shared/spec/hand-format.md``: "every option has a default, named in its
rules file"), a choice's values with it; the spec's own options ("Seats and
seat winds": ``seat_wind_mode``) it names itself, for every region that has
them. The other way round, an option a rules file names is one the engine
accepts. ``shared/`` stands beside the checkout, as for the benchmark corpus.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.options import describe
from rules.regions import REGIONS

SHARED = Path(__file__).resolve().parents[3] / "shared"
RULES = SHARED / "rules"
SPEC = SHARED / "spec" / "hand-format.md"

pytestmark = pytest.mark.skipif(not RULES.is_dir(), reason=f"no rules files at {RULES}")

# How the files name an option of their own: "option `x`", "options `x`".
NAMED_AS_OPTION = re.compile(r"\b[Oo]ptions? `([a-z_]+)`")


def named(text: str, word: str) -> bool:
    return f"`{word}`" in text


def spec_options() -> set[str]:
    """The options the spec itself gives every region that has them."""
    return set(NAMED_AS_OPTION.findall(SPEC.read_text(encoding="utf-8")))


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_every_option_is_named_in_the_region_s_rules_file(region: str) -> None:
    text = (RULES / f"{region}.md").read_text(encoding="utf-8")
    spec = SPEC.read_text(encoding="utf-8")
    from_spec = spec_options()
    missing = []
    for info in describe(REGIONS[region].options):
        where = spec if info.name in from_spec else text
        if not named(where, info.name):
            missing.append(info.name)
        missing += [f"{info.name}: {v}" for v in info.choices if not named(where, v)]
    assert not missing, f"{region}.md does not name {missing}"


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_every_option_a_rules_file_names_is_accepted(region: str) -> None:
    text = (RULES / f"{region}.md").read_text(encoding="utf-8")
    accepted = {info.name for info in describe(REGIONS[region].options)}
    assert set(NAMED_AS_OPTION.findall(text)) <= accepted


def test_the_spec_s_own_option_is_the_own_wind() -> None:
    # The one option every region may have: declared where an item reads the
    # own wind (rules.options.own_wind_mode), refused elsewhere.
    assert spec_options() == {"seat_wind_mode"}
