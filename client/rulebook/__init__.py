"""Rule pictures of the flat-board games from text (issue 28).

``assets/scenarios/<game_id>/*.toml`` -> ``scenario.load`` (validated) -> ``render.render`` (the game's
plugin -> ``BoardView`` -> the flat or GL board renderer, headless) -> PNG; ``book`` builds
docs/rules/pictures/<game_id>/ with an index page per game; ``python -m client.rulebook FILE|--all``.
"""
