"""``{{ name|isolated }}``: a typed name inside its own ``<bdi>``, so that however
it is written it cannot reorder the page around it; ``{{ name|plain }}`` the
name without control characters, where no markup may go (a page's title);
``{{ quote|seed_quote }}`` a seed's sentence, a table row by its cells;
``{% filter zh_marked %}`` an English page's Chinese marked with its ``lang``."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString

from calculator.words.marked import mark_chinese
from calculator.words.typed import without_controls
from calculator.words.wording import is_english

register = template.Library()


@register.filter
def isolated(name: object) -> SafeString:
    return format_html("<bdi>{}</bdi>", without_controls(str(name)))


@register.filter
def plain(name: object) -> str:
    return without_controls(str(name))


@register.filter
def seed_quote(quote: object) -> SafeString:
    """A seed's sentence as it is quoted. 长春's seed is a table, and a row of
    it pasted reads "(胜方)平胡 | 胡牌基础番 | +1番": its cells are drawn as
    the lines of the quote (the item, what it is, its value), not joined by
    the table's pipes."""
    cells = [c.strip() for c in str(quote).split(" | ")]
    if len(cells) == 1:
        return format_html("{}", cells[0])
    return format_html_join("", '<span class="seed-cell">{}</span>', ((c,) for c in cells if c))


@register.filter(is_safe=True)
def zh_marked(html: object) -> SafeString:
    """On an English page, each run of Chinese set in ``<span lang>``
    (``calculator.words.marked``); on a Chinese page, the same."""
    text = html if isinstance(html, SafeString) else str(html)
    return mark_chinese(text) if is_english() else conditional_escape(text)
