from hi5pnp.cli import main

main()
