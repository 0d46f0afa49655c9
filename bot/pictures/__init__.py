"""Pictures of game views: pure functions from an engine view to PNG bytes (Pillow), with a
text fallback. Nothing here knows about Discord."""
