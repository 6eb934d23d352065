"""The regions the calculator knows, by key."""

from rules.region import Region
from rules.regions import changchun, chuzhou, guobiao, jinhu, laosanfan, sanmen

REGIONS: dict[str, Region] = {
    r.key: r
    for r in (
        laosanfan.REGION,
        jinhu.REGION,
        chuzhou.REGION,
        sanmen.REGION,
        changchun.REGION,
        guobiao.REGION,
    )
}
