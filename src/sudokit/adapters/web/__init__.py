"""The local web page of ``sudokit serve``: a FastAPI app (:mod:`.app`), its worker processes
(:mod:`.worker`, :mod:`.tasks`) and the page itself (``static/``)."""
