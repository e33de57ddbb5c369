"""Training the project's own cross-encoders: data builders (`data`) and the LoRA trainer (`trainer`)."""
