"""The multiplayer table server (``wildstud serve``): REST for tables and histories, a
WebSocket per player or spectator, a database that survives a crash in the middle of a hand.
"""
