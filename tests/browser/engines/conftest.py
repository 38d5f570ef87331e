"""Fixtures for the engine smoke flows: one fresh profile per engine on its own server (so
the offline flow can stop it), and the page's status added to any failure report."""

import contextlib
import os
from pathlib import Path

import pytest

from tests.browser.conftest import serve_site
from tests.browser.engines.drivers import ENGINES, engine_page, missing

SHOTS = Path(__file__).resolve().parents[3] / "test-results" / "engines"  # gitignored


class Visit:
    """An engine's page, the site's URL, and a way to take the site offline."""

    def __init__(self, page, url: str, server: contextlib.ExitStack) -> None:
        self.page = page
        self.url = url
        self._server = server

    def stop_server(self) -> None:
        self._server.close()


@pytest.fixture(scope="module", params=ENGINES)
def visit(request, site_dir):
    """One engine for a module's flows, which run in order on the same page."""
    why = missing(request.param)
    if why:
        if os.environ.get("CI"):
            pytest.fail(request.param + ": " + why)  # CI installs them: never skip there
        pytest.skip(request.param + ": " + why)
    with contextlib.ExitStack() as server, engine_page(request.param) as page:
        url = server.enter_context(serve_site(site_dir))
        yield Visit(page, url, server)
        assert not page.errors(), page.engine + " logged errors"  # [] or None (unseen)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed flow's report shows what the page's status line and ready flags said."""
    outcome = yield
    report = outcome.get_result()
    visit = getattr(item, "funcargs", {}).get("visit")
    if report.failed and isinstance(visit, Visit):
        shot = SHOTS / (item.name.replace("[", "-").rstrip("]") + ".png")
        try:
            shot.parent.mkdir(parents=True, exist_ok=True)
            visit.page.screenshot(str(shot))
        except Exception as error:  # noqa: BLE001 - the report must not fail
            shot = "none (" + str(error)[:200] + ")"
        report.sections.append((visit.page.engine + " page",
                                visit.page.state() + "\nscreenshot: " + str(shot)))
