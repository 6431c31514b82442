"""Fixtures of the web tests: an application on a test client, and a real server on
127.0.0.1 that a browser test starts and stops."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def client(tmp_path: Path) -> Iterator[object]:
    """The application with uploads kept in a fresh folder."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from fastapi.testclient import TestClient
    from skirmish.web.app import create_app

    with TestClient(create_app(files=tmp_path / "files")) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``skirmish serve`` on a free port of 127.0.0.1, its address; stopped afterwards."""
    from skirmish.web.serving import started

    folder = tmp_path_factory.mktemp("files")
    # the server's standard error kept, so a server that dies says why at teardown
    with started(folder, log=folder.parent / f"{folder.name}-serve.log") as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's chromium driven by Playwright; skipped only off CI where it is missing."""
    from skirmish.web.serving import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        yield launched
        launched.close()
