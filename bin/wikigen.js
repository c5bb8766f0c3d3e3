#!/usr/bin/env node
import '../lib/cli.js'
