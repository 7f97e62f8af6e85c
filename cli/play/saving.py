"""Writing the record of a played game: `save`, and `quit`, which saves before leaving."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text


class Saving:
    """The saving of a PlaySession (cli/play/session.py) to its `save_path` or a file named."""

    def quit(self) -> str:
        """Save and leave; when the file cannot be written, ask for another one or whether to
        leave without saving, so a full disk or a lost folder never holds the player in the game."""
        target: str | None = None
        while self.save(target, announce=False) is None:
            try:
                answer = self.console.input(Text(
                    "Type another file to save to, `leave` to quit without saving, "
                    "or just Enter to go back to the game > ", style="bold")).strip()
            except EOFError:
                answer = "leave"
            if not answer:
                return "stay"
            if answer.lower() == "leave":
                self.console.print(Text("Left without saving."))
                return "quit"
            target = answer
        where = target or self.save_path
        self.console.print(Text(f"Saved to {where}. Resume with: partisan play --load {where}"))
        return "quit"

    def save(self, path: str | None, announce: bool) -> Path | None:
        """Write the record; a failure is reported and the game goes on."""
        target = Path(path) if path else self.save_path
        try:
            self.match.save(target)
        except OSError as exc:
            self.error(f"Could not save to {target}: {exc.strerror or exc}")
            return None
        if announce:
            self.console.print(Text(f"Game saved to {target}."))
        return target

