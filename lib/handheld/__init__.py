"""The Sixty-Six handheld app: screens, input, saves and board profiles (no rules here)."""
