"""Human and machine forms of what the pipeline found."""
