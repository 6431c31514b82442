"""``skirmish serve``: the table tools in a browser, served on this machine.

FastAPI and uvicorn are imported only here, when the command runs, so the light commands
(``skirmish games``) never pay for the web stack.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from skirmish.errors import SkirmishError
from skirmish.options import Flag, Options

HELP = "Serve the odds, advice and battlefield pages in a browser (127.0.0.1 by default)."


class ServeOptions(Options):
    """Serve the odds, advice and battlefield pages of every game in a browser.

    The server listens on 127.0.0.1 unless --host says otherwise; it prints its address.
    """

    host: Annotated[
        Annotated[str, Field(min_length=1, max_length=253)],
        Flag("Address to listen on; 0.0.0.0 lets other machines in.", metavar="HOST"),
    ] = "127.0.0.1"
    port: Annotated[
        Annotated[int, Field(ge=0, le=65535)],
        Flag("Port to listen on (0: any free port).", metavar="N"),
    ] = 8000
    files: Annotated[
        Path | None,
        Flag(
            "Folder for uploaded packs and battlefields, named in the pages' links "
            "(default: ~/.cache/skirmish/web).",
            metavar="DIR",
        ),
    ] = None
    sweeps: Annotated[
        Path | None,
        Flag(
            "Show the reports of the sweeps in this folder at /sweeps: a folder 'skirmish "
            "sweep' wrote (-o), or a folder of such folders.",
            metavar="DIR",
        ),
    ] = None


def build() -> Any:
    from skirmish.cli.build import command

    def run(options: Options, printing: Options) -> None:
        assert isinstance(options, ServeOptions)
        from skirmish.web.serving import serve

        if options.sweeps is not None and not options.sweeps.is_dir():
            raise SkirmishError(
                f"--sweeps {options.sweeps}: no such folder; name a folder 'skirmish sweep' "
                "wrote (-o), or one holding such folders"
            )
        serve(host=options.host, port=options.port, files=options.files, sweeps=options.sweeps)

    return command("serve", ServeOptions, Options, run)
