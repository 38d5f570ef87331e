"""docs/SECURITY.md states the page's Content-Security-Policy exactly (issue 26): its table
and index.html's <meta> name the same directives with the same sources."""

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class MetaPolicy(HTMLParser):
    """The content of index.html's Content-Security-Policy <meta> tags."""

    def __init__(self):
        super().__init__()
        self.policies = []

    def handle_starttag(self, tag, attrs):
        fields = dict(attrs)
        if tag == "meta" and (fields.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(fields.get("content") or "")


def page_policy(html: str) -> dict[str, frozenset[str]]:
    """directive -> its sources, from the page's one CSP meta tag."""
    parser = MetaPolicy()
    parser.feed(html)
    assert len(parser.policies) == 1, parser.policies
    policy = {}
    for part in parser.policies[0].split(";"):
        words = part.split()
        if words:
            assert words[0] not in policy, "directive given twice: " + words[0]
            policy[words[0]] = frozenset(words[1:])
    return policy


def documented_policy(markdown: str) -> dict[str, frozenset[str]]:
    """directive -> its sources, from the table under SECURITY.md's CSP heading: each row
    names its directives (in backticks) in the first column and their sources in the second."""
    section = markdown.split("## Content-Security-Policy", 1)[1].split("\n## ", 1)[0]
    policy = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue
        sources = frozenset(" ".join(re.findall(r"`([^`]*)`", cells[1])).split())
        for directive in re.findall(r"`([^`]*)`", cells[0]):
            assert directive not in policy, "directive documented twice: " + directive
            policy[directive] = sources
    return policy


def test_security_md_states_the_pages_csp_exactly():
    page = page_policy((ROOT / "index.html").read_text())
    documented = documented_policy((ROOT / "docs" / "SECURITY.md").read_text())
    assert documented == page


def test_the_comparison_sees_a_difference():
    """The readers are not blind: a source added to the page shows up."""
    html = (ROOT / "index.html").read_text().replace("img-src 'self'", "img-src 'self' data:")
    markdown = (ROOT / "docs" / "SECURITY.md").read_text()
    assert page_policy(html) != documented_policy(markdown)
