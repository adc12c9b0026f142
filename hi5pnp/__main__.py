from hi5pnp.cli import main

main(prog_name="hi5pnp")
