"""Opt-in kits: pieces of rules machinery that more than one kind of game can use, but that not
every game needs (which is what ``engine.core`` holds). A game imports the kit it wants; the core
never imports a kit. ``README.md`` says which games use each kit and why it is reusable."""
