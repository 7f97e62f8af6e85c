"""The command line front end (click + rich)."""
