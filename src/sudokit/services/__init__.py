"""Services: the work the CLI, the web app and the batch runners share (typed requests and
results). Import engines and the model, never an adapter."""
