"""backends/llm"""
