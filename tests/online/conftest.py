"""Fixtures shared by the online tests."""

from __future__ import annotations

import pytest

from game.online.client import Client


@pytest.fixture
def clients():
    """`clients(url, **kw)` makes a connected client; every one made is closed after the test."""
    made: list[Client] = []

    def make(url, **kw) -> Client:
        client = Client(url, **kw)
        made.append(client)
        assert client.connected.wait(20)
        return client

    yield make
    for client in made:
        client.close()
