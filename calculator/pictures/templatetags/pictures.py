"""The pictures on a page: ``{% share_picture url %}`` (the 保存图片 / 分享
button), ``{% open_graph title description image %}`` (a shared link's
preview; a season's page uses it as a result's and a table's do), and
``{% hand_picture query %}`` (the address of a hand's picture)."""

from __future__ import annotations

from typing import Any

from django import template

from calculator.pictures.views import hand_picture_url

register = template.Library()


@register.simple_tag
def hand_picture(query: str) -> str:
    """The picture of the hand the calculator page's ``query`` holds, in the page's language."""
    return hand_picture_url(query)


@register.inclusion_tag("pictures/_share.html")
def share_picture(url: str, first: str = "", name: str = "suanfan") -> dict[str, Any]:
    """The button. ``url`` opens the picture (or, for a night's, a page of
    them) without script; ``first`` is the PNG to share where that is a page."""
    return {"url": url, "first": first or url, "name": name}


@register.inclusion_tag("pictures/_open_graph.html", takes_context=True)
def open_graph(context: Any, title: str, description: str, image: str = "") -> dict[str, Any]:
    """Open Graph and Twitter tags; addresses made absolute, as crawlers need."""
    request = context.get("request")

    def absolute(url: str) -> str:
        return request.build_absolute_uri(url) if request is not None and url else url

    return {
        "title": title,
        "description": description,
        "image": absolute(image),
        "url": absolute(request.get_full_path()) if request is not None else "",
    }
