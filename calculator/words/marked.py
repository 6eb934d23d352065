"""Chinese on an English page, marked as the language it is.

An English page keeps the terms players use in Chinese (平胡, 番, 幺九) and
the names of the regions; each run of Chinese is set in ``<span
lang="zh-Hans">`` (the site writes its own Chinese in 简体), so a screen
reader voices it in Chinese and the page's own text is one language. What
is marked already — an item's name, a seed's quote in the seed's script — is
left as it is."""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# A run of Chinese: Han characters with the punctuation and digits between them.
CHINESE_RUN = re.compile(
    r"[\u3400-\u9fff「（][\u3400-\u9fff0-9“”「」，。、：；（）·\s]*[\u3400-\u9fff」。）]"
    r"|[\u3400-\u9fff]"
)
TAG = re.compile(r"(<[^>]*>)")
NAME = re.compile(r"</?\s*([a-zA-Z0-9]+)")
VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"]
)
# Elements whose text is not words on the page.
APART = frozenset(["script", "style", "title", "textarea"])


def mark_chinese(html: str | SafeString, lang: str = "zh-Hans") -> SafeString:
    """``html`` (a plain string is escaped first) with every run of Chinese
    in its text, outside an element that says its own ``lang``, set in a
    ``<span lang>``; tags and their attributes are left untouched."""
    text = str(html) if isinstance(html, SafeString) else str(escape(html))
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # open element, whether its words are apart
    for part in TAG.split(text):
        if part.startswith("<"):
            out.append(part)
            found = NAME.match(part)
            if not found or part.startswith(("<!", "<?")):
                continue
            name = found[1].lower()
            if part.startswith("</"):
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][0] == name:
                        del stack[i:]
                        break
            elif name not in VOID and not part.endswith("/>"):
                apart = name in APART or " lang=" in part or (bool(stack) and stack[-1][1])
                stack.append((name, apart))
        elif part and not (stack and stack[-1][1]):
            out.append(CHINESE_RUN.sub(lambda m: f'<span lang="{lang}">{m[0]}</span>', part))
        else:
            out.append(part)
    return mark_safe("".join(out))
