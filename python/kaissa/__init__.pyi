from ._kaissa import (
    Board as Board,
    Engine as Engine,
    Line as Line,
    SearchResult as SearchResult,
    Variant as Variant,
    load_variants as load_variants,
    variants as variants,
)

__all__ = [
    "Board",
    "Engine",
    "Line",
    "SearchResult",
    "Variant",
    "load_variants",
    "variants",
]
