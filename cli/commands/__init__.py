"""One module per subcommand group; each exposes COMMANDS, a list of click commands."""
