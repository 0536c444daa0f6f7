"""The adapters: the command line, the web app and the batch runners."""
