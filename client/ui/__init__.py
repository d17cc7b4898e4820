"""UI pieces drawn with pygame onto the overlay surface: text, widgets, HUD, minimap, log."""
