"""Ingestion: loaders, metadata, chunking, and the pipeline that feeds a store."""
