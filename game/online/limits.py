"""What one client may ask of the server: a connection's message rate (`Bucket`) and what one
client address may hold (`AddressLimits`: connections open at once, rooms created lately).

Loopback addresses (this machine: the hosted server's own player, `python -m bench server`)
are exempt from the address limits unless `limit_loopback` is set; a server behind a reverse
proxy on the same machine sees every client as loopback and should set it (docs/online.md).
"""

from __future__ import annotations

import collections
import contextlib
import ipaddress
import time
from dataclasses import dataclass, field

RATE_PER_SECOND = 20.0  # sustained messages per connection (`serve --rate`)
CONNS_PER_ADDRESS = 32  # connections open at once from one address (`--conns-per-address`)
ROOMS_PER_ADDRESS = 30  # rooms one address may create (`--rooms-per-address`) ...
ROOMS_WINDOW = 600.0  # ... in this many seconds


@dataclass(slots=True)
class Bucket:
    """A token bucket: `rate` messages a second, bursts of twice that."""

    rate: float = RATE_PER_SECOND
    tokens: float = 2 * RATE_PER_SECOND
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


def client_address(remote) -> str:
    """The address a connection comes from (`remote`: its peer name; an IPv4 address mapped
    into IPv6 is taken as itself)."""
    if not remote:
        return ""
    with contextlib.suppress(ValueError):
        ip = ipaddress.ip_address(remote[0])
        mapped = getattr(ip, "ipv4_mapped", None)
        return str(mapped or ip)
    return str(remote[0])


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class AddressLimits:
    """Connections open and rooms created per client address; each refusal says why."""

    def __init__(
        self,
        conns: int = CONNS_PER_ADDRESS,
        rooms: int = ROOMS_PER_ADDRESS,
        limit_loopback: bool = False,
        window: float = ROOMS_WINDOW,
    ) -> None:
        self.conns, self.rooms, self.window = conns, rooms, window
        self.limit_loopback = limit_loopback
        self.open: collections.Counter[str] = collections.Counter()  # address -> connections
        self.created: dict[str, collections.deque[float]] = {}  # address -> when, recent ones

    def applies(self, address: str) -> bool:
        return self.limit_loopback or not is_loopback(address)

    def connection_refused(self, address: str) -> str | None:
        """Why one more connection from `address` is refused (None: it is let in)."""
        if self.applies(address) and self.open[address] >= self.conns:
            return (
                f"too many connections from your address ({self.conns} are open); "
                "close one and try again"
            )
        return None

    def opened(self, address: str) -> None:
        self.open[address] += 1

    def closed(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def _recent(self, address: str) -> collections.deque[float]:
        times = self.created.get(address, collections.deque())
        now = time.monotonic()
        while times and now - times[0] > self.window:
            times.popleft()
        if not times:
            self.created.pop(address, None)  # nothing kept for an address gone quiet
        return times

    def room_refused(self, address: str) -> str | None:
        """Why a room created by `address` now is refused (None: it may create one)."""
        if self.applies(address) and len(self._recent(address)) >= self.rooms:
            return (
                f"your address has made {self.rooms} rooms in the last "
                f"{round(self.window / 60)} minutes, as many as this server allows; wait and "
                "try again (nothing changed)"
            )
        return None

    def room_created(self, address: str) -> None:
        if self.applies(address):
            self._recent(address)
            self.created.setdefault(address, collections.deque()).append(time.monotonic())
