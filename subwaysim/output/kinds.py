"""The kinds of file the Subway Game commands write, as the one output opener knows them
(`tabletop.outputs`): each recognises an earlier file of its kind by its first bytes, so a
log may replace a log and a page a page, but neither replaces a scenario or anything else
without `--force`."""

from __future__ import annotations

import re

from tabletop.outputs import Kind, register_kind

_LOG_START = re.compile(rb'\A\s*\{\s*"event"\s*:\s*"GameStarted"')


def _is_log(head: bytes) -> bool:
    return _LOG_START.match(head) is not None


def _is_page(head: bytes) -> bool:
    return head.startswith(b"<!DOCTYPE html>") and b"<title>Subway Game replay" in head


LOG = register_kind(Kind("log", "a Subway Game event log", _is_log))
PAGE = register_kind(Kind("page", "a Subway Game replay page", _is_page))


def _is_value_model(head: bytes) -> bool:
    return head.lstrip().startswith(b"{") and b'"format": "transit-games value model"' in head


def _is_selfplay(head: bytes) -> bool:
    return head.startswith(b'{"format": "transit-games self-play"')


VALUE_MODEL = register_kind(Kind("value-model", "a value model", _is_value_model))
SELFPLAY = register_kind(Kind("self-play", "self-play data", _is_selfplay))
