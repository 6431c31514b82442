"""``/{game}/battlefield``: the battlefield editor (Magewinds); filled in below."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
