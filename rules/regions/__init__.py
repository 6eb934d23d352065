"""The regions the calculator knows, by key."""

from rules.region import Region
from rules.regions import laosanfan

REGIONS: dict[str, Region] = {r.key: r for r in (laosanfan.REGION,)}
