"""The multiplayer table server (``wildstud serve``): REST for tables and histories, a
WebSocket per player or spectator, a database that survives a crash in the middle of a hand.
"""

from wildstud.extras import require

require("server")  # one clear line instead of a traceback from deep in the server's imports
