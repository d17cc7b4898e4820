"""The pygame-ce / ModernGL client."""
