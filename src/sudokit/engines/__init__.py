"""The engines: search, logic, rating, generation, vision and pictures. They import the model only."""
