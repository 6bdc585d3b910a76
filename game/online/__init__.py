"""Online play: an authoritative server that runs the engine and tells each seat only what it
may see at the table (`view`), the message schema (`protocol`), rooms that survive a restart
(`rooms`), computer seats played in worker processes (`workers`), the server (`server`) and a
client library for the window (`client`). See docs/online.md.
"""

PROTOCOL_VERSION = 2  # 2: lobbies (ready, pick, set_seat)
