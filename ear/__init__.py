"""The ear: Holdline's local, OpenAI-compatible speech-to-text server.

faster-whisper (CTranslate2, int8 on the CPU) behind a small Starlette app;
weights come from registry packages and are checked by sha256 at start.
"""

import os

# Set before huggingface_hub is first imported (it reads them once): the ear
# loads weights from a local directory only and never reaches the network.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"
