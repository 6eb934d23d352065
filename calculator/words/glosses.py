"""English glosses of the items' Chinese names, shown beside them on English pages.

Item names always show the seed's Chinese term; in English the gloss stands
beside it, never instead. Glosses are English with any Chinese in simplified
characters, as the English pages show every Chinese term.
"""

from __future__ import annotations

from django.utils.translation import get_language

from rules.regions.guobiao import ENGLISH_NAMES as GUOBIAO_NAMES

ENGLISH_NAMES: dict[str, str] = {
    # 老三番
    "qing_yi_se": "pure one suit",
    "zi_yi_se": "all honors",
    "hun_yi_se": "one suit with honors",
    "dui_dui_hu": "all triplets",
    "zheng_hua_season": "own-wind season flower",
    "zheng_hua_plant": "own-wind plant flower",
    "si_ge_hua_season": "all four seasons",
    "si_ge_hua_plant": "all four plants",
    "hong_zhong_dui": "set of red dragons",
    "fa_cai_dui": "set of green dragons",
    "bai_ban_dui": "set of white dragons",
    "hu_di": "base points",
    "hua_hu": "flowers",
    "da_yao_peng": "exposed pong of terminals/honors",
    "da_yao_an_ke": "concealed triplet of terminals/honors",
    "da_yao_ming_gang": "exposed kong of terminals/honors",
    "da_yao_an_gang": "concealed kong of terminals/honors",
    "peng": "exposed pong",
    "an_ke": "concealed triplet",
    "ming_gang": "exposed kong",
    "an_gang": "concealed kong",
    "zi_mo": "self-drawn",
    "jia_zhong_hu": "closed wait",
    "jiang_hu": "honor pair",
    "bian_zhang": "edge wait",
    "dan_diao": "single wait",
    "cap": "cap of three (番 or 台)",
    # 金湖老三番
    "hua": "flowers",
    "qi_dui": "seven pairs",
    "yi_tiao_long": "straight 1–9",
    "ming_da_jue": "fourth tile of an own pong",
    "an_da_jue": "fourth tile of a held triplet",
    "si_tong": "all four of a 4 or of a thief tile (贼)",
    "si_tong_other": "all four",
    "hu_zei": "won on a 贼",
    "shuai_da": "pair beside a run's end",
    "zi_mei": "sisters",
    "wu_hua_guo": "no flowers",
    "tong_hua": "flower group",
    "hai_di": "last tile of the wall",
    "baowu_streak": "包五家 streak doubling",
    # 楚州麻将 (di_hu is 楚州's 底胡 and 三门's 地胡: told apart by name below)
    "di_hu": "base win",
    "lao_zi_ge": "concealed triplet (坎)",
    "ying_san_kan": "three concealed triplets",
    "kan_kan_hu": "four concealed triplets, self-drawn",
    "tian_hu": "heavenly hand",
    "di_hu_earth": "earthly hand",
    "hai_di_lao_yue": "last tile of the wall",
    "gang": "exposed or added kong",
    "xiao_hua": "small flowers",
    "gang_hou_kai": "win after a kong or flower",
    "que_yi_men": "one suit missing",
    "men_qing": "concealed hand",
    "bu_qiu_ren": "concealed and self-drawn",
    "quan_qiu_ren": "all melded, won on a discard",
    "lao_shao_fu": "123 and 789 of one suit",
    "zi_mei_fu": "twin sequences",
    "qing_san_fu": "three sequences of one suit",
    "qing_si_fu": "four sequences of one suit",
    "san_fu_tong": "same sequence in three suits",
    "si_fu_tong": "same sequence in three suits, plus a twin",
    "ban_tiao_long": "half straight",
    "yi_tiao_long_plus": "concealed half inside a straight",
    "shuang_long": "straight plus one more sequence",
    "si_he_yi": "all four of a tile, one in a sequence",
    "si_he_er": "all four of a tile, two in sequences",
    "si_he_si": "all four of a tile, all in sequences",
    "qing_san_dui": "three pongs of one suit",
    "qing_si_dui": "four pongs of one suit",
    "san_dui_tong": "same pong in three suits",
    "qing_shi_si_yi": "terminals only",
    "hun_shi_si_yi": "terminals and honors only",
    "qing_san_lian_dui": "three pongs in a row, or three winds",
    "ruan_si_xi": "four winds, won on a wind",
    "ying_si_xi": "four winds, waiting on two winds",
    "qing_yao": "1 or 9 in every set, pair of 1 or 9",
    "hun_yao": "1 or 9 in every set, honor pair",
    "san_da_yuan": "three dragons",
    "qi_dui_an_jue": "seven pairs on a 坎's fourth tile",
    "qi_dui_an_an_jue": "seven pairs, self-drawn 坎's fourth tile",
    "feng_hu": "all honors",
    "san_fu_wu": "a sequence with 5 in each suit",
    "si_fu_wu": "four sequences with a 5",
    "fu_fu_jian": "3 or 7 in every set",
    "fu_fu_tong": "one number in every set",
    "fu_fu_quan": "one number in every set, all three suits",
    "tian_di_peng": "pongs of 1 and 9 of one suit",
    "jue_zhang": "ready on the last copy",
    "ying_zi": "ready early",
    "zhong_xin_wu": "waiting only on a 5",
    "bian_san_qi": "edge wait on 3 or 7",
    # 三门麻将
    "zi_pai_ke": "triplet of 中 or 发",
    "men_feng_ke": "own-wind triplet",
    "men_feng_hua": "own-wind flower",
    "ba_hua_qi": "all eight flowers",
    "san_de": "three wild tiles",
    "si_de": "four wild tiles",
    "si_feng_ju_qi": "all four winds",
    "hu_xing": "way of winning",
    "wu_cai_shen": "no wild tile",
    "gang_kai": "win on a kong replacement",
    "si_cai_shen": "four wild tiles: any shape wins",
    "qing_yi_se_bei": "pure one suit (multiplier)",
    # 长春麻将
    "ping_hu": "basic win",
    "hu_dan_zhang": "single winning tile",
    "bao_pai": "drew the treasure tile",
    "dui_bao": "treasure tile was the winning tile",
    "piao_hu": "all triplets",
    "hao_hua_qi_dui": "seven pairs with four alike",
    "gang_shang_kai_hua": "win on a kong replacement",
    "qiang_gang": "robbing a kong",
    # 国标麻将: the library's English names of the 番种
    **{key: name.lower() for key, name in GUOBIAO_NAMES.items()},
}


# Items whose name says which of its kinds counted (三门's 胡型 is named
# 自摸, 点炮胡 or 抢杠胡): the gloss of that name, not of the item.
NAME_GLOSSES: dict[tuple[str, str], str] = {
    ("hu_xing", "自摸"): "self-drawn: each other player pays",
    ("hu_xing", "点炮胡"): "won on a discard: the discarder pays for all",
    ("hu_xing", "抢杠胡"): "robbing a kong: the robbed seat pays for all",
    ("di_hu", "底胡"): "base win",
    ("di_hu", "地胡"): "earthly hand",
}


def english_name(key: str, name: str = "") -> str:
    """The gloss shown beside the Chinese name (``name``: the one it was
    given, where an item has several), in English only."""
    if not (get_language() or "").startswith("en"):
        return ""
    return NAME_GLOSSES.get((key, name)) or ENGLISH_NAMES.get(key, "")
