"""vLLM's ``--tool-parser-plugin`` file (``python -m leakcall.vllm`` prints its path): registers
the ``leakcall`` tool parser in the vLLM that loads it."""

from leakcall.vllm import register

register()
